import { PageHeader } from '../../components/ui/PageHeader.js';

export function McpSetupPage() {
  return <PageHeader title="MCP Setup" />;
}
