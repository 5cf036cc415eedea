import { UserDialog } from '../../features/users/components/user-dialog.tsx';
import { appStore, sessionAtom, setSession, type User } from '../../lib/store.ts';

/** Doc 1 §2: "profile (opens the user's own edit dialog)"; admins also see their profile fields. */
export function ProfileDialog({
  user,
  isOpen,
  onClose,
}: {
  user: User;
  isOpen: boolean;
  onClose: () => void;
}) {
  if (!isOpen) return null;
  return (
    <UserDialog
      userId={user.id}
      isAdmin={user.profile === 'admin'}
      onClose={onClose}
      onSaved={(saved) => {
        // The greeting in the top bar reads the session, so the new name shows at once.
        const session = appStore.get(sessionAtom);
        if (session) setSession({ ...session, user: { ...session.user, name: saved.name } });
      }}
    />
  );
}
