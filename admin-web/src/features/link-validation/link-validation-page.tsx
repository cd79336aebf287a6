/** link-health-and-routes.md §2.2 Link Validation Results: a placeholder until the screen is built. */
export default function LinkValidationPage() {
  return (
    <section>
      <div className="page-head">
        <h1>Link Validation Results</h1>
      </div>
      <p className="muted">This screen is not available yet.</p>
    </section>
  );
}
