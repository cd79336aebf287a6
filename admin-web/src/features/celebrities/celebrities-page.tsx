/** admin.md §2 Celebrity Management: a placeholder until the screen is built. */
export default function CelebritiesPage() {
  return (
    <section>
      <div className="page-head">
        <h1>Celebrity Management</h1>
      </div>
      <p className="muted">This screen is not available yet.</p>
    </section>
  );
}
