import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { fetchCurrentUser } from './current-user';
import { userQueryKey } from './query-keys';

export const PRODUCT_NAME = 'Cratebase';
const SEPARATOR = ' · ';

/** "Products · Juniper Soap Co · Cratebase": the given parts that are set, then the product. */
export function pageTitle(...parts: (string | null | undefined | false)[]): string {
  const named = parts.map((part) => (typeof part === 'string' ? part.trim() : '')).filter(Boolean);
  return [...named, PRODUCT_NAME].join(SEPARATOR);
}

/**
 * Sets the browser tab's title for the page: `usePageTitle('Sign in')` → "Sign in · Cratebase".
 * Call it from pages only, never from a layout around them: a layout's effect runs after its
 * page's and would win.
 */
export function usePageTitle(...parts: (string | null | undefined | false)[]): void {
  const title = pageTitle(...parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/**
 * The name of the organization or store in the URL (`:orgId`), from the current user the shell
 * has loaded: one of the user's own organizations, or a store they buy from. This never
 * fetches; it follows the cached user.
 */
export function useOrganizationName(): string | undefined {
  const { orgId } = useParams();
  const { data: user } = useQuery({ queryKey: userQueryKey, queryFn: fetchCurrentUser, enabled: false });
  if (!orgId || !user) return undefined;
  return (
    user.organizations.find((org) => org.id === orgId)?.name ??
    user.purchasing_organizations.find((entry) => entry.organization.id === orgId)?.organization.name
  );
}

/** A page inside a seller's admin or a store: "Products · Juniper Soap Co · Cratebase". */
export function useOrganizationPageTitle(page: string | null | undefined): void {
  usePageTitle(page, useOrganizationName());
}
