import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { sessionAtom, useAtomValue } from '../../lib/store.ts';

/** Admin screens: others go to /tickets (the server refuses their calls anyway, with 403). */
export function AdminOnly({ children }: { children: ReactNode }) {
  const session = useAtomValue(sessionAtom);
  return session?.user.profile === 'admin' || session?.user.super ? (
    children
  ) : (
    <Redirect to="/tickets" replace />
  );
}
