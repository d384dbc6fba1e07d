'use client';
// Failures of a layout below the root, e.g. the (app) shell's session lookup while the database is down.
import { PageError } from '@/components/shell/page-error';

export default PageError;
