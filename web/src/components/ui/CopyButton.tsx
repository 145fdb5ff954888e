import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { copyText } from '../../lib/clipboard.js';
import { cn } from '../../lib/cn.js';
import { Button, type ButtonProps } from './Button.js';

type CopyButtonProps = Omit<ButtonProps, 'onClick' | 'children'> & {
  text: string;
  /** The accessible name, saying what is copied: "Copy MCP URL". */
  label: string;
  /** Shows the label next to the icon instead of only to screen readers. */
  showLabel?: boolean;
  /** The toast on success ("Copied to clipboard" by default). */
  successMessage?: string;
};

/** Copies `text` and confirms with a toast and a check mark for two seconds. */
export function CopyButton({
  text,
  label,
  showLabel = false,
  successMessage = 'Copied to clipboard',
  variant = 'secondary',
  size,
  className,
  ...props
}: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await copyText(text);
      setCopied(true);
      toast.success(successMessage);
    } catch {
      toast.error('Could not copy: select the text and copy it yourself');
    }
  };

  const Icon = copied ? Check : Copy;
  return (
    <Button
      variant={variant}
      size={size ?? (showLabel ? 'sm' : 'icon')}
      className={cn(!showLabel && 'h-8 w-8', className)}
      aria-label={showLabel ? undefined : label}
      title={showLabel ? undefined : label}
      onClick={() => void copy()}
      {...props}
    >
      <Icon aria-hidden="true" className={cn(copied && 'text-success-soft-fg')} />
      {showLabel && <span>{copied ? 'Copied' : label}</span>}
    </Button>
  );
}
