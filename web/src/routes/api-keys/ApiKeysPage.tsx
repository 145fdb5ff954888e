import { RefreshCw } from 'lucide-react';
import { useRef, useState } from 'react';
import type { CreatedApiKey } from '../../../../contract/api-keys.js';
import { useApiKeys } from '../../api/api-keys.js';
import { Button } from '../../components/ui/Button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/Card.js';
import { PageHeader } from '../../components/ui/PageHeader.js';
import { cn } from '../../lib/cn.js';
import { ApiKeyHelp } from './ApiKeyHelp.js';
import { ApiKeyList } from './ApiKeyList.js';
import { CreateApiKeyForm } from './CreateApiKeyForm.js';
import { NewKeyPanel } from './NewKeyPanel.js';
import { usePageTitle } from '../../lib/page-title.js';

/** /app/settings/api-keys: create, see once, list, revoke (ADR 0009). */
export function ApiKeysPage() {
  usePageTitle('API Keys');
  const keys = useApiKeys();
  // Held only in memory: a reload or leaving the page drops it, as "shown once" requires.
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);

  const dismiss = () => {
    setCreated(null);
    nameInput.current?.focus();
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="API Keys"
        description="Keys let Claude Code, Cursor, the local MCP server and your scripts reach your traces."
        actions={
          <Button variant="secondary" onClick={() => void keys.refetch()} disabled={keys.isFetching}>
            <RefreshCw className={cn(keys.isFetching && 'animate-spin')} aria-hidden="true" />
            Refresh
          </Button>
        }
      />
      {created && <NewKeyPanel created={created} onDismiss={dismiss} />}
      <Card>
        <CardHeader>
          <CardTitle>Create API key</CardTitle>
          <CardDescription>The key is shown once, right after you create it.</CardDescription>
        </CardHeader>
        <CardContent>
          <CreateApiKeyForm onCreated={setCreated} nameRef={nameInput} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Your API keys</CardTitle>
          <CardDescription>
            {keys.data
              ? `${keys.data.length} active ${keys.data.length === 1 ? 'key' : 'keys'}`
              : 'Active keys'}
          </CardDescription>
        </CardHeader>
        <CardContent className="pt-0">
          <ApiKeyList query={keys} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Using your API keys</CardTitle>
        </CardHeader>
        <CardContent>
          <ApiKeyHelp />
        </CardContent>
      </Card>
    </div>
  );
}
