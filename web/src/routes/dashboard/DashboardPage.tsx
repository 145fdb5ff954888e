import { useAuth } from '../../auth/auth-context.js';
import { PageHeader } from '../../components/ui/PageHeader.js';

export function DashboardPage() {
  const { user } = useAuth();
  const name = user?.email.split('@')[0] ?? '';
  return (
    <PageHeader
      title={`Welcome back, ${name}`}
      description="Your AI memory hub is ready to enhance your conversations"
    />
  );
}
