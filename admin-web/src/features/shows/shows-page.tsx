/** admin.md §2 Shows Management: a placeholder until the screen is built. */
export default function ShowsPage() {
  return (
    <section>
      <div className="page-head">
        <h1>Shows Management</h1>
      </div>
      <p className="muted">This screen is not available yet.</p>
    </section>
  );
}
