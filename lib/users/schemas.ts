import { z } from '@/lib/zod';
import { ROLES } from '@/lib/auth/roles';

/** "Cardiology, Pediatrics" or repeated form fields, to a clean list. */
const specialties = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    [...new Set((Array.isArray(value) ? value : (value ?? '').split(',')).map((s) => s.trim()).filter(Boolean))].slice(0, 20),
  )
  .pipe(z.array(z.string().max(80, 'each specialty at most 80 characters')));

/** A person's name as the app shows it: one line of text, no control characters (CR/LF, tab, escape codes). */
const name = z
  .string('Name is required')
  .trim()
  .min(1, 'Name is required')
  .max(120)
  .refine((text) => !/\p{Cc}/u.test(text), 'A name is one line of text, without control characters');

/** The app shows no profile pictures, so none is stored: any value (e.g. a javascript: URL) is refused. */
const image = z.never('Profile pictures are not used in Rubric Audit').optional();

export const createUserSchema = z.object({
  name,
  image,
  email: z.string('Email is required').trim().toLowerCase().pipe(z.email('Enter a valid email address')),
  password: z.string('Password is required').min(8, 'At least 8 characters').max(128, 'At most 128 characters'),
  role: z.enum(ROLES, 'Choose a role'),
  specialties,
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

export const updateUserSchema = z.object({
  userId: z.string('Missing user').min(1),
  role: z.enum(ROLES, 'Choose a role'),
  specialties,
  name,
  image,
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

export const setUserActiveSchema = z.object({
  userId: z.string('Missing user').min(1),
  active: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]),
});
