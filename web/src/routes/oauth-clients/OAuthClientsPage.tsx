import { PageHeader } from '../../components/ui/PageHeader.js';

export function OAuthClientsPage() {
  return <PageHeader title="OAuth Clients" />;
}
