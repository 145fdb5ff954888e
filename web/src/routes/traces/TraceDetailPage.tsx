import { PageHeader } from '../../components/ui/PageHeader.js';

export function TraceDetailPage() {
  return <PageHeader title="Trace" />;
}
