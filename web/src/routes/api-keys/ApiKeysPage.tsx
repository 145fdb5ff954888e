import { PageHeader } from '../../components/ui/PageHeader.js';

export function ApiKeysPage() {
  return <PageHeader title="API Keys" />;
}
