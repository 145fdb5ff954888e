import { PageHeader } from '../../components/ui/PageHeader.js';

export function IntegrationsPage() {
  return <PageHeader title="Integrations" />;
}
