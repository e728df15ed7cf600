import { useEffect, useRef, useState, type ButtonHTMLAttributes } from "react";

/**
 * Issue 8: every delete asks first. The first click arms the button ('Emin misiniz?'),
 * the second submits; it disarms itself after a few seconds or when focus leaves.
 */
export function ConfirmButton({
  children,
  confirmLabel = "Emin misiniz? Sil",
  className = "",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { confirmLabel?: string }) {
  const [armed, setArmed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <button
      {...props}
      // Screen readers hear the second step too, whatever label the first one had.
      aria-label={armed ? `${props["aria-label"] ?? ""} ${confirmLabel}`.trim() : props["aria-label"]}
      type={armed ? "submit" : "button"}
      onClick={(event) => {
        if (armed) {
          // Disarmed once the click has submitted (a refused delete left it armed): after the
          // event, since a "button" at dispatch time would not submit.
          setTimeout(() => setArmed(false), 0);
          return props.onClick?.(event);
        }
        event.preventDefault();
        setArmed(true);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setArmed(false), 5000);
      }}
      onBlur={() => setArmed(false)}
      className={`${armed ? "bg-red-600 text-white" : "text-red-700 hover:bg-red-50"} rounded-md px-2.5 py-1.5 text-sm font-medium ${className}`}
    >
      {armed ? confirmLabel : children}
    </button>
  );
}
