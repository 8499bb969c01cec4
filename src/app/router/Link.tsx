import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { useNavigate } from '../hooks/useNavigate';

interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  readonly to: string;
  readonly replace?: boolean;
  readonly children: ReactNode;
}

/** An internal link: a real `<a href>` (open in new tab works) that navigates without reloading. */
export function Link({ to, replace, onClick, children, ...rest }: LinkProps) {
  const { navigate, hrefFor } = useNavigate();
  const href = hrefFor(to);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    if (event.defaultPrevented || event.button !== 0 || modified || rest.target === '_blank') return;
    event.preventDefault();
    navigate(to, { replace });
  };
  return (
    <a href={href} onClick={handleClick} {...rest}>
      {children}
    </a>
  );
}
