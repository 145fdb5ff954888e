import { Link } from 'react-router';
import { PublicHeader } from '../../components/layout/PublicHeader.js';
import { Button } from '../../components/ui/Button.js';

export function LandingPage() {
  return (
    <div className="flex min-h-screen flex-col">
      <PublicHeader
        actions={
          <>
            <Button asChild variant="ghost">
              <Link to="/login">Sign In</Link>
            </Button>
            <Button asChild>
              <Link to="/register">Get Started</Link>
            </Button>
          </>
        }
      />
      <main className="mx-auto max-w-3xl px-6 py-24 text-center">
        <h1 className="text-4xl font-semibold tracking-tight">Your memories, for every AI assistant</h1>
      </main>
    </div>
  );
}
