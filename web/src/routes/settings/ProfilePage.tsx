import { useAuth } from '../../auth/auth-context.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/Card.js';
import { PageHeader } from '../../components/ui/PageHeader.js';
import { ThemeChooser } from '../../components/layout/ThemeChooser.js';
import { ChangePasswordForm } from './ChangePasswordForm.js';
import { usePageTitle } from '../../lib/page-title.js';

export function ProfilePage() {
  usePageTitle('Settings');
  const { user } = useAuth();
  return (
    <div className="space-y-6">
      <PageHeader title="Settings" description="Your account and how Cairn looks on this device." />
      <Card>
        <CardHeader>
          <CardTitle>Account</CardTitle>
          <CardDescription>You are signed in as {user?.email}.</CardDescription>
        </CardHeader>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Appearance</CardTitle>
          <CardDescription>
            Light, dark, or as your system is set. Remembered on this device; the sidebar and the signed-out
            pages switch it too.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ThemeChooser />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Change password</CardTitle>
          <CardDescription>Every other browser signed in to this account is signed out.</CardDescription>
        </CardHeader>
        <CardContent>
          <ChangePasswordForm />
        </CardContent>
      </Card>
    </div>
  );
}
