/** admin.md §2 Post Management: a placeholder until the screen is built. */
export default function PostsPage() {
  return (
    <section>
      <div className="page-head">
        <h1>Post Management</h1>
      </div>
      <p className="muted">This screen is not available yet.</p>
    </section>
  );
}
