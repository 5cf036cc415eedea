import { Card, H3 } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { LanguageMenu } from './language-menu.tsx';
import { Logo } from './logo.tsx';

interface Props {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card shared by the public screens (login, sign-up). */
export function AuthLayout({ title, subtitle, children, footer }: Props) {
  return (
    <div className="auth-page">
      <div className="auth-language">
        <LanguageMenu />
      </div>
      <Card className="auth-card" elevation={2}>
        <div className="auth-header">
          <Logo size={44} />
          <H3 className="auth-title">{title}</H3>
          {subtitle && <p className="bp6-text-muted">{subtitle}</p>}
        </div>
        {children}
        {footer && <div className="auth-footer">{footer}</div>}
      </Card>
    </div>
  );
}
