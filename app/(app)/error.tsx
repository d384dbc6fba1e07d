'use client';
// Failures inside the app shell (a page's own data); the notice says so plainly when the database is down.
import { PageError } from '@/components/shell/page-error';

export default PageError;
