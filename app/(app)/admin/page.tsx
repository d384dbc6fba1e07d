import type { Metadata } from 'next';
import { CreateUserForm } from '@/components/admin/create-user-form';
import { UserRow } from '@/components/admin/user-row';
import { Card, PageHeader } from '@/components/ui/page-header';
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
        <Card className="overflow-x-auto p-0">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">All users</caption>
            <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-3 py-2">
                  User
                </th>
                <th scope="col" className="px-3 py-2">
                  Role
                </th>
                <th scope="col" className="px-3 py-2">
                  Specialties
                </th>
                <th scope="col" className="px-3 py-2">
                  Status
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {users.map((user) => (
                <UserRow key={user.id} user={{ ...user, isSelf: user.id === me.id }} />
              ))}
            </tbody>
          </table>
        </Card>
        <Card title="New user">
          <CreateUserForm />
        </Card>
      </div>
    </>
  );
}
