import { useState } from 'react';
import { ProfileCard } from '@tabula/ui';
import type { ProfileChanges } from '@tabula/ui';
import { update } from '../app/appState';
import { RequireSignIn } from '../app/RequireSignIn';
import { useAppSelector, useServices } from '../app/ServicesContext';
import { errorMessage } from '../features/errorMessage';

function Profile() {
  const services = useServices();
  const user = useAppSelector((s) => s.session?.user);
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!user) return null;

  function save(changes: ProfileChanges) {
    setSaving(true);
    setError(null);
    services.api
      .updateUser({ name: changes.name.trim(), username: changes.username.trim() })
      .then((updated) => {
        services.store.set((s) => update.profileUpdated(s, updated));
        setEditing(false);
      })
      .catch((failure: unknown) => {
        setError(errorMessage(failure));
        services.showAlert(errorMessage(failure), 'danger');
      })
      .finally(() => setSaving(false));
  }

  return (
    <section className="tw-profile">
      <ProfileCard
        user={user}
        editing={editing}
        saving={saving}
        error={error}
        onEdit={() => setEditing(true)}
        onCancel={() => {
          setEditing(false);
          setError(null);
        }}
        onSave={save}
      />
    </section>
  );
}

/** /profile: 'Your Profile', view and edit name and username (spec §2). */
export function ProfileScreen() {
  return (
    <RequireSignIn>
      <Profile />
    </RequireSignIn>
  );
}
