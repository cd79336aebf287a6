/**
 * Placeholder owned by the newsletter engineer (issue 6 item 6), who replaces it with the real
 * form (idle, loading, success, error). Kept dependency-free so the footer renders today.
 */
export function NewsletterForm() {
  return (
    <div>
      <p className="text-xs font-semibold tracking-[0.2em] uppercase">Newsletter</p>
      <p className="mt-2 text-sm text-white/70">Celebrity looks in your inbox, once a week.</p>
    </div>
  );
}
