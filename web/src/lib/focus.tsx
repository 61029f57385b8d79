import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A heading that takes focus when it appears: for the step changes inside one page (form → "check
 * your e-mail", → "password changed"…), so keyboard and screen-reader users land on the new content.
 */
export function StepHeading({
  level = 1,
  children,
  className,
}: {
  level?: 1 | 2;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  const Tag = level === 1 ? 'h1' : 'h2';
  return (
    <Tag ref={ref} tabIndex={-1} className={className ? `step-heading ${className}` : 'step-heading'}>
      {children}
    </Tag>
  );
}
