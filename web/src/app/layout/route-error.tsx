import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Last-resort boundary: a failed chunk load or a render error never leaves a blank page. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? `Error: ${error.status}` : 'Something went wrong.';
  return (
    <div className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="font-display text-3xl">{message}</h1>
      <p className="mt-3 text-neutral-600">Please reload the page or go back home.</p>
      <div className="mt-6 flex justify-center gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-full bg-ink px-5 py-2 text-white"
        >
          Try Again
        </button>
        <Link to="/" className="rounded-full border px-5 py-2">
          Home
        </Link>
      </div>
    </div>
  );
}
