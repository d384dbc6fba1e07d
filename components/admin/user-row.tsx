'use client';
import { useState, useTransition } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FieldErrors, errorAttributes, FormNotice, inputClasses } from '@/components/ui/field';
import { useActionForm } from '@/components/ui/use-action-form';
import { ROLE_LABELS, type Role } from '@/lib/auth/roles';
import { setUserActiveAction, updateUserAction } from '@/lib/users/actions';

export interface UserRowData {
  id: string;
  name: string;
  email: string;
  role: Role;
  specialties: string[];
  active: boolean;
  isSelf: boolean;
}

export function UserRow({ user }: { user: UserRowData }) {
  const [editing, setEditing] = useState(false);
  const [toggleError, setToggleError] = useState<string | null>(null);
  const [toggling, startToggle] = useTransition();
  const { formProps, formAction, errors, notice, pending } = useActionForm({
    action: updateUserAction,
    success: null,
    onSuccess: () => setEditing(false),
  });
  const field = (name: string) => errorAttributes(`${user.id}-${name}-error`, errors[name]);

  const toggle = () =>
    startToggle(async () => {
      const result = await setUserActiveAction({ userId: user.id, active: !user.active });
      setToggleError(result.ok ? null : result.error);
    });

  if (editing) {
    return (
      <tr className="bg-brand-50/40 align-top">
        <td colSpan={5} className="px-3 py-2">
          <form {...formProps} action={formAction} className="flex flex-wrap items-end gap-3" aria-label={`Edit ${user.email}`}>
            <input type="hidden" name="userId" value={user.id} />
            <label className="text-xs font-medium text-slate-600">
              Name
              <input name="name" defaultValue={user.name} className={`${inputClasses} mt-1 w-48`} {...field('name')} />
              <FieldErrors id={`${user.id}-name-error`} errors={errors.name} />
            </label>
            <label className="text-xs font-medium text-slate-600">
              Role
              <select name="role" defaultValue={user.role} className={`${inputClasses} mt-1 w-36`} {...field('role')}>
                <option value="EXPERT">Expert</option>
                <option value="REVIEWER">Reviewer</option>
                <option value="ADMIN">Admin</option>
              </select>
              <FieldErrors id={`${user.id}-role-error`} errors={errors.role} />
            </label>
            <label className="text-xs font-medium text-slate-600">
              Specialties (comma-separated)
              <input
                name="specialties"
                defaultValue={user.specialties.join(', ')}
                className={`${inputClasses} mt-1 w-72`}
                {...field('specialties')}
              />
              <FieldErrors id={`${user.id}-specialties-error`} errors={errors.specialties} />
            </label>
            <Button type="submit" size="sm" disabled={pending}>
              Save
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setEditing(false)}>
              Cancel
            </Button>
            <FormNotice notice={notice} className="w-full text-xs" />
          </form>
        </td>
      </tr>
    );
  }

  return (
    <tr className={user.active ? '' : 'text-slate-500'}>
      <td className="px-3 py-2">
        <div className="font-medium text-slate-900">{user.name}</div>
        <div className="text-xs text-slate-500">{user.email}</div>
      </td>
      <td className="px-3 py-2">{ROLE_LABELS[user.role]}</td>
      <td className="px-3 py-2 text-sm">
        {user.specialties.length ? user.specialties.join(', ') : <span className="text-slate-500">—</span>}
      </td>
      <td className="px-3 py-2">{user.active ? <Badge tone="green">Active</Badge> : <Badge tone="slate">Deactivated</Badge>}</td>
      <td className="px-3 py-2 text-right">
        <div className="flex justify-end gap-2">
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)} aria-label={`Edit ${user.email}`}>
            Edit
          </Button>
          {user.isSelf ? null : (
            <Button
              variant={user.active ? 'danger' : 'secondary'}
              size="sm"
              onClick={toggle}
              disabled={toggling}
              aria-label={`${user.active ? 'Deactivate' : 'Reactivate'} ${user.email}`}
            >
              {user.active ? 'Deactivate' : 'Reactivate'}
            </Button>
          )}
        </div>
        {toggleError ? (
          <p role="alert" className="mt-1 text-xs text-red-700">
            {toggleError}
          </p>
        ) : null}
      </td>
    </tr>
  );
}
