/** Runtime configuration served by the server at GET /config.json (no auth). */
export interface OidcConfig {
  authority: string;
  client_id: string;
  scope: string;
  extra_query_params: Record<string, string>;
}

export interface AppConfig {
  oidc: OidcConfig;
  public_url: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function requireString(source: Record<string, unknown>, key: string, where: string): string {
  const value = source[key];
  if (typeof value !== 'string' || value.length === 0) {
    throw new ConfigError(`The server configuration is missing ${where}${key}.`);
  }
  return value;
}

/** Checks the shape of /config.json so a broken deployment fails with a clear message. */
export function parseConfig(raw: unknown): AppConfig {
  if (!isRecord(raw) || !isRecord(raw.oidc)) {
    throw new ConfigError('The server configuration is missing its sign-in settings.');
  }
  const oidc = raw.oidc;
  const extra: Record<string, string> = {};
  if (isRecord(oidc.extra_query_params)) {
    for (const [key, value] of Object.entries(oidc.extra_query_params)) {
      if (typeof value === 'string') extra[key] = value;
    }
  }
  return {
    oidc: {
      authority: requireString(oidc, 'authority', 'oidc.'),
      client_id: requireString(oidc, 'client_id', 'oidc.'),
      scope: typeof oidc.scope === 'string' && oidc.scope ? oidc.scope : 'openid email profile offline_access',
      extra_query_params: extra,
    },
    public_url: typeof raw.public_url === 'string' && raw.public_url ? raw.public_url : window.location.origin,
  };
}

export async function loadConfig(): Promise<AppConfig> {
  let response: Response;
  try {
    response = await fetch('/config.json', { headers: { Accept: 'application/json' }, cache: 'no-store' });
  } catch {
    throw new ConfigError('We could not reach Cratebase. Check your connection and try again.');
  }
  if (!response.ok) {
    throw new ConfigError(`Cratebase could not load its configuration (HTTP ${response.status}).`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ConfigError('Cratebase received an unreadable configuration from the server.');
  }
  return parseConfig(body);
}
