import { PageHeader } from '../../components/ui/PageHeader.js';

export function TracesPage() {
  return <PageHeader title="Memory Traces" />;
}
