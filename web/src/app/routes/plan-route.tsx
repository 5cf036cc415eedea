import type { PlanFeatures } from '@zelo/contracts/tenancy/read-models';
import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { type TKey, useT } from '../../lib/i18n.ts';
import { sessionAtom, useAtomValue } from '../../lib/store.ts';
import { showToast } from '../../lib/toaster.ts';

/** Doc 2 §9: the redirect after a plan refusal waits 1 s. */
const REDIRECT_MS = 1000;

/**
 * A toast saying the company may not use the page, then `/` after a second (doc 2 §2.12-style plan
 * refusals). `refused` false does nothing, so a page can call it with what its API answered.
 */
export function usePlanRefusal(refused: boolean, message: TKey) {
  const t = useT();
  const [, navigate] = useLocation();
  // Read at refusal time: a language or router change meanwhile must not toast a second time, nor
  // must StrictMode's second run of the effect (refs survive it).
  const latest = useRef({ t, navigate, message });
  latest.current = { t, navigate, message };
  const toasted = useRef(false);
  useEffect(() => {
    if (!refused) {
      toasted.current = false;
      return;
    }
    if (!toasted.current) showToast(latest.current.t(latest.current.message), 'danger');
    toasted.current = true;
    const timer = setTimeout(() => latest.current.navigate('/', { replace: true }), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [refused]);
}

/**
 * Pages a plan flag unlocks (doc 1 §2: `/kanban | plan has useKanban`). The flags come with the
 * session's company; without the flag the page is not rendered and the user is sent to `/`.
 */
export function PlanOnly({
  feature,
  message,
  children,
}: {
  feature: keyof PlanFeatures;
  message: TKey;
  children: ReactNode;
}) {
  const plan = useAtomValue(sessionAtom)?.user.company.plan;
  const allowed = !!plan?.[feature];
  usePlanRefusal(!allowed, message);
  return allowed ? children : <div data-testid="plan-refused" />;
}
