import { vi } from 'vitest';

export interface XhrAnswer {
  status: number;
  body: unknown;
}

export interface SentUpload {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData;
}

/**
 * An XMLHttpRequest double for uploads (apiUpload): reports half the bytes sent, then answers
 * with the next answer for that URL (by "METHOD path"; the last one repeats).
 */
export function stubXhr(answers: Record<string, XhrAnswer | XhrAnswer[]>) {
  const sent: SentUpload[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(body: FormData) {
      sent.push({ method: this.method, url: this.url, headers: this.headers, body });
      const key = `${this.method} ${new URL(this.url, 'http://localhost').pathname}`;
      const list = answers[key];
      const answer = Array.isArray(list) ? (list.length > 1 ? list.shift()! : list[0]!) : list;
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        setTimeout(() => {
          this.status = answer?.status ?? 404;
          this.responseText = JSON.stringify(answer?.body ?? { error: 'not_found', message: `No fake for ${key}` });
          this.onload?.();
        }, 20);
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
