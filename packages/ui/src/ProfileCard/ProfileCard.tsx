import { useEffect, useId, useRef, useState } from 'react';
import { Avatar } from '../Avatar/Avatar';
import { Spinner } from '../Spinner/Spinner';

/** The profile as the card shows it. */
export interface ProfileUser {
  username: string;
  name: string;
  email: string;
  profilePhoto?: string | null;
}

/** What the card saves. */
export interface ProfileChanges {
  name: string;
  username: string;
}

/** Props of {@link ProfileCard}. */
export interface ProfileCardProps {
  user: ProfileUser;
  /** Edit mode: name and username inputs (prefilled, name focused) with Save and Cancel. */
  editing: boolean;
  onEdit: () => void;
  onSave: (changes: ProfileChanges) => void;
  onCancel: () => void;
  /** While true the form is disabled and Save shows a loader. */
  saving?: boolean;
  /** A failure message shown under the form. */
  error?: string | null;
}

/** The /profile page: 'Your Profile' with the user's details, viewable and editable. */
export function ProfileCard({
  user,
  editing,
  onEdit,
  onSave,
  onCancel,
  saving = false,
  error,
}: ProfileCardProps) {
  return (
    <section className="tb-card tb-profile" aria-labelledby="tb-profile-title">
      <h1 id="tb-profile-title" className="tb-page-title">
        Your Profile
      </h1>
      <div className="tb-profile__identity">
        <Avatar name={user.username} src={user.profilePhoto} size={72} />
        <div>
          <p className="tb-profile__name">{user.name || user.username}</p>
          <p className="tb-profile__email">{user.email}</p>
        </div>
      </div>
      {editing ? (
        <ProfileForm user={user} onSave={onSave} onCancel={onCancel} saving={saving} />
      ) : (
        <>
          <dl className="tb-profile__details">
            <dt>Name</dt>
            <dd>{user.name || '—'}</dd>
            <dt>Username</dt>
            <dd>{user.username}</dd>
            <dt>Email</dt>
            <dd>{user.email}</dd>
          </dl>
          <button type="button" className="tb-button tb-button--secondary" onClick={onEdit}>
            Edit profile
          </button>
        </>
      )}
      {error && (
        <p className="tb-field__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

interface ProfileFormProps {
  user: ProfileUser;
  onSave: (changes: ProfileChanges) => void;
  onCancel: () => void;
  saving: boolean;
}

function ProfileForm({ user, onSave, onCancel, saving }: ProfileFormProps) {
  const id = useId();
  const [name, setName] = useState(user.name);
  const [username, setUsername] = useState(user.username);
  const nameInput = useRef<HTMLInputElement>(null);
  useEffect(() => nameInput.current?.focus(), []);

  return (
    <form
      className="tb-profile__form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!saving) onSave({ name: name.trim(), username: username.trim() });
      }}
    >
      <label className="tb-field" htmlFor={`${id}-name`}>
        <span className="tb-field__label">Name</span>
        <input
          ref={nameInput}
          id={`${id}-name`}
          className="tb-input"
          value={name}
          disabled={saving}
          onChange={(event) => setName(event.target.value)}
        />
      </label>
      <label className="tb-field" htmlFor={`${id}-username`}>
        <span className="tb-field__label">Username</span>
        <input
          id={`${id}-username`}
          className="tb-input"
          value={username}
          required
          disabled={saving}
          onChange={(event) => setUsername(event.target.value)}
        />
      </label>
      <div className="tb-modal__actions">
        <button
          type="button"
          className="tb-button tb-button--ghost"
          disabled={saving}
          onClick={onCancel}
        >
          Cancel
        </button>
        <button type="submit" className="tb-button tb-button--primary" disabled={saving}>
          {saving && <Spinner size={14} label="Saving" />}
          Save
        </button>
      </div>
    </form>
  );
}
