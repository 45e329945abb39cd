import { useCallback, useEffect, useRef, useState } from 'react';
import type { Organization, OrderTerms } from '@cratebase/contract';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api';
import { updateOrganization } from '../api';
import { organizationKeys } from '../../../lib/query-keys';

/** Quiet time after the last keystroke before the terms are saved ("12.50" is one save). */
export const TERMS_SAVE_DELAY_MS = 600;

export type AutosaveStatus =
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: number }
  | { kind: 'error'; message: string };

/**
 * Saves the order terms (PUT /api/organization/{org_id}) a moment after the last change.
 * Saves never overlap: a change made while one is on its way is sent after it, so the last
 * write wins on the server, and an answer that a newer change has overtaken is not shown.
 * A pending change is sent at once when the page is left.
 */
export function useTermsAutosave(orgId: string) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<AutosaveStatus>({ kind: 'idle' });
  const latest = useRef<OrderTerms | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef(false);
  const queued = useRef(false);
  const version = useRef(0);
  const mounted = useRef(true);

  const flush = useCallback(() => {
    if (timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    const terms = latest.current;
    if (!terms) return;
    if (inFlight.current) {
      queued.current = true;
      return;
    }
    inFlight.current = true;
    const sent = version.current;
    if (mounted.current) setStatus({ kind: 'saving' });
    updateOrganization(orgId, { order_terms: terms })
      .then(async (organization: Organization) => {
        // Overtaken by a newer change: its own save will report.
        if (sent !== version.current) return;
        queryClient.setQueryData(organizationKeys.detail(orgId), organization);
        if (mounted.current) setStatus({ kind: 'saved', at: Date.now() });
        await queryClient.invalidateQueries({ queryKey: organizationKeys.onboardingStatus(orgId) });
      })
      .catch((error: unknown) => {
        if (sent !== version.current) return;
        if (mounted.current) setStatus({ kind: 'error', message: errorMessage(error) });
      })
      .finally(() => {
        inFlight.current = false;
        if (queued.current) {
          queued.current = false;
          flush();
        }
      });
  }, [orgId, queryClient]);

  /** Records the terms as they are now and saves them after the quiet time. */
  const schedule = useCallback(
    (terms: OrderTerms) => {
      latest.current = terms;
      version.current += 1;
      setStatus({ kind: 'pending' });
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, TERMS_SAVE_DELAY_MS);
    },
    [flush],
  );

  /** Sends the latest terms again (after an error). */
  const retry = useCallback(() => {
    version.current += 1;
    flush();
  }, [flush]);

  const unsaved = status.kind === 'pending' || status.kind === 'saving';

  // Leaving the page: send what is waiting; closing the tab while unsaved asks first.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (timer.current) flush();
    };
  }, [flush]);

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  return { status, schedule, retry };
}
