'use client';
// "Start" / "Next …": claims the next unit of work (an audit query, a pairwise pair) and opens it, or resumes
// the live one; says why when nothing is free.
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { Button, type ButtonVariant } from '@/components/ui/button';

type ClaimResult<T> =
  | { ok: false; error: string }
  | { ok: true; data: { kind: 'none'; reason: 'done' | 'waiting' } | (T & { kind: string }) };

export function ClaimNextButton<T>({
  claim,
  hrefOf,
  label,
  finding,
  none,
  variant = 'primary',
}: {
  claim: () => Promise<ClaimResult<T>>;
  hrefOf: (claimed: T) => string;
  label: string;
  /** Shown while claiming, e.g. "Finding a query…". */
  finding: string;
  none: Record<'done' | 'waiting', string>;
  variant?: ButtonVariant;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<string | null>(null);
  const onClick = () =>
    startTransition(async () => {
      setMessage(null);
      const result = await claim();
      if (!result.ok) {
        setMessage(result.error);
        return;
      }
      const data = result.data;
      if (data.kind === 'none' && 'reason' in data) {
        setMessage(none[data.reason]);
        router.refresh();
        return;
      }
      router.push(hrefOf(data as T));
    });
  return (
    <div className="flex flex-col items-start gap-1">
      <Button variant={variant} onClick={onClick} disabled={pending}>
        {pending ? finding : label}
      </Button>
      {message ? (
        <p role="status" className="text-sm text-slate-600">
          {message}
        </p>
      ) : null}
    </div>
  );
}
