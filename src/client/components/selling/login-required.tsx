import { Button } from '@chakra-ui/react';
import { LockKeyhole } from 'lucide-react';
import { useLoginDialog } from '../auth/login-dialog-context';
import { PageNotice } from '../empty-card';

/** The logged-out state of the pages that need a user: a headline and a button that opens the login dialog. */
export function LoginRequired({ title, description, action = 'Logg inn eller opprett konto' }: { title: string; description?: string; action?: string }) {
  const { openLogin } = useLoginDialog();
  return (
    <PageNotice icon={<LockKeyhole />} title={title} description={description}>
      <Button colorPalette="brand" onClick={() => openLogin()}>
        {action}
      </Button>
    </PageNotice>
  );
}
