import type { Metadata } from 'next';
import { CreateUserForm } from '@/components/admin/create-user-form';
import { UserRow } from '@/components/admin/user-row';
import { Card, PageHeader } from '@/components/ui/page-header';
import { SimpleTable, Th } from '@/components/ui/table';
import { requireSection } from '@/lib/auth/session';
import { listUsers } from '@/lib/users/list-users';

export const metadata: Metadata = { title: 'Admin' };

export default async function AdminPage() {
  const me = await requireSection('admin');
  const users = await listUsers();
  return (
    <>
      <PageHeader
        title="Users"
        description="Create accounts, set roles and specialties, and deactivate access. Deactivation signs a user out everywhere."
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card className="p-0">
          <SimpleTable
            label="All users"
            head={
              <>
                <Th>User</Th>
                <Th>Role</Th>
                <Th>Specialties</Th>
                <Th>Status</Th>
                <Th align="right">Actions</Th>
              </>
            }
          >
            {users.map((user) => (
              <UserRow key={user.id} user={{ ...user, isSelf: user.id === me.id }} />
            ))}
          </SimpleTable>
        </Card>
        <Card title="New user">
          <CreateUserForm />
        </Card>
      </div>
    </>
  );
}
