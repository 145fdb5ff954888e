import { useRouteError } from 'react-router';
import { Button } from '../components/ui/Button.js';

/** Shown when a page fails to load or render: say so plainly and offer a reload. */
export function RouteError() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-4 px-6 text-center"
    >
      <h1 className="text-xl font-semibold text-fg">Something went wrong</h1>
      <p className="text-sm text-fg-muted">{message}</p>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </div>
  );
}
