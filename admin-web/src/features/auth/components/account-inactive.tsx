/** admin.md §4 Session: the screen of an admin whose account was deactivated. */
export function AccountInactive({ onBack }: { onBack?: () => void }) {
  return (
    <section className="center">
      <h1>Account Inactive</h1>
      <p>Your admin account has been deactivated. Please contact a super admin.</p>
      {onBack && (
        <button type="button" className="secondary" onClick={onBack}>
          Back to sign in
        </button>
      )}
    </section>
  );
}
