import { useId, useState, type FormEvent, type RefObject } from 'react';
import { FormDialog, useAutoFocus, useSaving } from '../../../components/form-dialog.tsx';
import { Select } from '../../../components/select.tsx';
import {
  AccountsMessage,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  emailError,
  passwordError,
  usernameError,
  type AdminRecord,
  type AdminRole,
  type CreateAdminInput,
  type UpdateAdminInput,
} from '../api/accounts-api.ts';

const ROLE_OPTIONS = [
  { value: 'admin', label: 'Admin' },
  { value: 'super_admin', label: 'Super Admin' },
];

/** Resolves when saved (the dialog then closes); rejects with the text to show inside the dialog. */
type Save<T> = (input: T) => Promise<void>;

/** Username and e-mail, as Create New Admin and Edit Admin ask for them. */
function IdentityFields({
  first,
  username,
  onUsername,
  email,
  onEmail,
}: {
  first: RefObject<HTMLInputElement | null>;
  username: string;
  onUsername(value: string): void;
  email: string;
  onEmail(value: string): void;
}) {
  return (
    <>
      <label>
        Username
        <input
          ref={first}
          required
          autoComplete="off"
          maxLength={USERNAME_MAX_LENGTH}
          value={username}
          onChange={(e) => onUsername(e.target.value)}
        />
      </label>
      <label>
        Email
        <input
          type="email"
          required
          autoComplete="off"
          maxLength={EMAIL_MAX_LENGTH}
          value={email}
          onChange={(e) => onEmail(e.target.value)}
        />
      </label>
    </>
  );
}

/** A new password and its confirmation ('Confirm {label}'), flagged while they differ. */
function NewPasswordFields({
  first,
  label,
  password,
  onPassword,
  confirm,
  onConfirm,
}: {
  first?: RefObject<HTMLInputElement | null>;
  label: string;
  password: string;
  onPassword(value: string): void;
  confirm: string;
  onConfirm(value: string): void;
}) {
  const mismatch = confirm !== '' && password !== confirm;
  return (
    <>
      <label>
        {label}
        <input
          ref={first}
          type="password"
          required
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
          value={password}
          onChange={(e) => onPassword(e.target.value)}
        />
      </label>
      <label>
        Confirm {label}
        <input
          type="password"
          required
          autoComplete="new-password"
          aria-invalid={mismatch || undefined}
          value={confirm}
          onChange={(e) => onConfirm(e.target.value)}
        />
      </label>
    </>
  );
}

function RoleSelect({
  value,
  onChange,
  disabled,
}: {
  value: AdminRole;
  onChange(role: AdminRole): void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <label htmlFor={id}>
      Role
      <Select
        id={id}
        value={value}
        disabled={disabled}
        options={ROLE_OPTIONS}
        onChange={(role) => onChange(role as AdminRole)}
      />
    </label>
  );
}

/** admin.md §2 'Create New Admin', §5 create admin. */
export function CreateAdminDialog({
  onSave,
  onCancel,
}: {
  onSave: Save<CreateAdminInput>;
  onCancel(): void;
}) {
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [role, setRole] = useState<AdminRole>('admin');
  const { saving, error, setError, run } = useSaving();
  const first = useAutoFocus();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const problem = usernameError(username) ?? emailError(email) ?? passwordError(password, confirm);
    if (problem) {
      setError(problem);
      return;
    }
    void run(() => onSave({ username: username.trim(), email: email.trim(), password, role }));
  }

  return (
    <FormDialog
      className="accounts-dialog"
      title="Create New Admin"
      submitLabel="Create Admin"
      saving={saving}
      error={error}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <IdentityFields
        first={first}
        username={username}
        onUsername={setUsername}
        email={email}
        onEmail={setEmail}
      />
      <NewPasswordFields
        label="Password"
        password={password}
        onPassword={setPassword}
        confirm={confirm}
        onConfirm={setConfirm}
      />
      <RoleSelect value={role} onChange={setRole} />
    </FormDialog>
  );
}

/** admin.md §2 'Edit Admin', §5 edit admin: the current admin cannot change their own role. */
export function EditAdminDialog({
  admin,
  isSelf,
  onSave,
  onCancel,
}: {
  admin: AdminRecord;
  isSelf: boolean;
  onSave: Save<UpdateAdminInput>;
  onCancel(): void;
}) {
  const [username, setUsername] = useState(admin.username);
  const [email, setEmail] = useState(admin.email);
  const [role, setRole] = useState<AdminRole>(admin.role);
  const { saving, error, setError, run } = useSaving();
  const first = useAutoFocus();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const problem = usernameError(username) ?? emailError(email);
    if (problem) {
      setError(problem);
      return;
    }
    void run(() =>
      onSave({
        username: username.trim(),
        email: email.trim(),
        role: isSelf ? admin.role : role,
        isActive: admin.isActive,
      }),
    );
  }

  return (
    <FormDialog
      className="accounts-dialog"
      title="Edit Admin"
      submitLabel="Update Admin"
      saving={saving}
      error={error}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <IdentityFields
        first={first}
        username={username}
        onUsername={setUsername}
        email={email}
        onEmail={setEmail}
      />
      <RoleSelect value={role} onChange={setRole} disabled={isSelf} />
      {isSelf && <p className="muted accounts-hint">{AccountsMessage.ownRole}</p>}
    </FormDialog>
  );
}

/** admin.md §2 'Reset Password', §5: submit disabled while empty or mismatched. */
export function ResetPasswordDialog({
  admin,
  onSave,
  onCancel,
}: {
  admin: AdminRecord;
  onSave: Save<string>;
  onCancel(): void;
}) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { saving, error, setError, run } = useSaving();
  const first = useAutoFocus();
  const mismatch = confirm !== '' && password !== confirm;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (saving || !password || password !== confirm) return;
    const problem = passwordError(password, confirm);
    if (problem) {
      setError(problem);
      return;
    }
    void run(() => onSave(password));
  }

  return (
    <FormDialog
      className="accounts-dialog"
      title="Reset Password"
      submitLabel="Reset Password"
      submitDisabled={!password || password !== confirm}
      saving={saving}
      error={error}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <p className="accounts-hint">
        Set a new password for <strong>{admin.username}</strong>.
      </p>
      <NewPasswordFields
        first={first}
        label="New Password"
        password={password}
        onPassword={setPassword}
        confirm={confirm}
        onConfirm={setConfirm}
      />
      {mismatch && <p className="error accounts-hint">{AccountsMessage.passwordsDoNotMatch}</p>}
    </FormDialog>
  );
}
