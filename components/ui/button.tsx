import type { ButtonHTMLAttributes, Ref } from 'react';

const variants = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-600/50',
  secondary: 'bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 disabled:text-slate-400',
  danger: 'bg-white text-red-700 ring-1 ring-red-300 hover:bg-red-50 disabled:text-red-300',
  ghost: 'text-slate-700 hover:bg-slate-100 disabled:text-slate-400',
} as const;

const sizes = { sm: 'h-8 px-2.5 text-sm', md: 'h-9 px-3.5 text-sm' } as const;

/**
 * A key hint (<kbd>) on a filled button (primary, a pressed decision): transparent, so the white text keeps the
 * fill's contrast (a white/20 tint took the Ctrl+Enter hint to 4.25:1, under WCAG AA's 4.5:1).
 */
export const kbdOnFillClasses = 'border-white/60 bg-transparent text-white';

export type ButtonVariant = keyof typeof variants;

export function buttonClasses(variant: ButtonVariant = 'primary', size: keyof typeof sizes = 'md'): string {
  return `inline-flex items-center justify-center gap-1.5 rounded-md font-medium transition-colors disabled:cursor-not-allowed ${variants[variant]} ${sizes[size]}`;
}

export function Button({
  variant = 'primary',
  size = 'md',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: keyof typeof sizes; ref?: Ref<HTMLButtonElement> }) {
  return <button type={type} className={`${buttonClasses(variant, size)} ${className}`} {...props} />;
}
