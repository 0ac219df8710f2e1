import type { ButtonHTMLAttributes } from "react";

type Variant = "primary" | "secondary" | "danger" | "ghost";

const VARIANTS: Record<Variant, string> = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-600/50",
  secondary: "bg-white text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 disabled:text-slate-400",
  danger: "bg-red-600 text-white hover:bg-red-700 disabled:bg-red-600/50",
  ghost: "text-slate-700 hover:bg-slate-100 disabled:text-slate-400",
};

export function buttonClass(variant: Variant = "primary", size: "sm" | "md" = "md"): string {
  const sizing = size === "sm" ? "px-2.5 py-1.5 text-xs" : "px-3.5 py-2 text-sm";
  return `inline-flex items-center justify-center gap-1.5 rounded-lg font-medium shadow-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed aria-busy:cursor-progress aria-busy:opacity-75 ${sizing} ${VARIANTS[variant]}`;
}

/**
 * A button. An action button (a form's submit, or one with a `busy` state) takes the second click
 * of a double click as part of the first: a quick server finishes the first request before the
 * second click lands, so `busy` alone would let a double click create two keys or projects. A busy
 * button keeps the focus (it is not `disabled`), so keyboard users stay where they were.
 */
export function Button({
  variant = "primary",
  size = "md",
  busy,
  className = "",
  children,
  onClick,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: "sm" | "md"; busy?: boolean }) {
  const action = busy !== undefined || props.type === "submit";
  return (
    <button
      type="button"
      {...props}
      onClick={(e) => {
        // `detail` counts the clicks of one burst (0 for Enter or Space).
        if (action && e.detail > 1) return e.preventDefault();
        // Busy: refused here rather than by `disabled`, which would drop the keyboard focus to the
        // page when the work starts. Enter in a field of the form clicks the submit button, so this
        // also stops a second submission.
        if (busy) return e.preventDefault();
        onClick?.(e);
      }}
      disabled={props.disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      className={`${buttonClass(variant, size)} ${className}`}
    >
      {busy && <span className="size-3.5 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden />}
      {children}
    </button>
  );
}
