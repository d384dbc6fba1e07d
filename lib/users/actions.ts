'use server';
import { defineAction } from '@/lib/auth/action';
import { createUser } from '@/lib/users/create-user';
import { createUserSchema, setUserActiveSchema, updateUserSchema } from '@/lib/users/schemas';
import { setUserActive, updateUser } from '@/lib/users/update-user';

export const createUserAction = defineAction(
  { name: 'users.create', roles: ['ADMIN'], input: createUserSchema },
  async (input, { user, revalidate }) => {
    const created = await createUser({ actorId: user.id, input });
    revalidate('/admin');
    return { data: created, message: `Created ${created.email}.` };
  },
);

export const updateUserAction = defineAction(
  { name: 'users.update', roles: ['ADMIN'], input: updateUserSchema },
  async (input, { user, revalidate }) => {
    const updated = await updateUser({ actorId: user.id, input });
    revalidate('/admin');
    return { data: updated, message: `Saved ${updated.email}.` };
  },
);

export const setUserActiveAction = defineAction(
  { name: 'users.setActive', roles: ['ADMIN'], input: setUserActiveSchema },
  async (input, { user, revalidate }) => {
    const updated = await setUserActive({ actorId: user.id, userId: input.userId, active: input.active });
    revalidate('/admin');
    return { data: updated, message: `${updated.email} is now ${updated.active ? 'active' : 'deactivated'}.` };
  },
);
