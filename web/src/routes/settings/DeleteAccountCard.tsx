import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useDeleteAccount } from '../../api/account.js';
import { useAuth } from '../../auth/auth-context.js';
import { Button } from '../../components/ui/Button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/Card.js';
import { Dialog } from '../../components/ui/Dialog.js';
import { TextField } from '../../components/ui/TextField.js';
import { messageOf } from '../../lib/api-error.js';

/** The danger zone: deleting the account erases every trace, key, client and session at once. */
export function DeleteAccountCard() {
  const { user, endLocalSession } = useAuth();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    remove.mutate(password, {
      onSuccess: () => {
        endLocalSession();
        toast.success('Your account and all its data were deleted');
        navigate('/login', { replace: true });
      },
      onError: (err) => setError(messageOf(err, 'Failed to delete the account')),
    });
  };

  return (
    <Card className="border-danger/40">
      <CardHeader>
        <CardTitle>Delete account</CardTitle>
        <CardDescription>
          Erases {user?.email} and everything in it: every trace, API key, OAuth client and session. This
          cannot be undone; export first if you may want your memories back.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete my account
        </Button>
      </CardContent>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) {
            setPassword('');
            setError(undefined);
          }
        }}
        title="Delete your account?"
        description="Everything is erased at once. Enter your password to confirm."
      >
        <form onSubmit={submit} className="space-y-4">
          <TextField
            label="Password"
            required
            error={error}
            type="password"
            autoComplete="current-password"
            value={password}
            onValueChange={setPassword}
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={remove.isPending || !password}>
              {remove.isPending ? 'Deleting...' : 'Delete everything'}
            </Button>
          </div>
        </form>
      </Dialog>
    </Card>
  );
}
