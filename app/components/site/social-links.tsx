import type { ContactContent } from "~/content/contact";
import { isSafeLink } from "~/lib/hero-slide-form";
import { cn } from "~/lib/utils";
import { FacebookIcon, InstagramIcon, TikTokIcon } from "./social-icons";

const NETWORKS = [
  { key: "social_instagram", name: "Instagram", Icon: InstagramIcon },
  { key: "social_facebook", name: "Facebook", Icon: FacebookIcon },
  { key: "social_tiktok", name: "TikTok", Icon: TikTokIcon },
] as const;

type Social = Pick<ContactContent, (typeof NETWORKS)[number]["key"]>;

/** The salon's social profiles from content, each opening in a new tab; empty ones are left out. */
export function SocialLinks({
  contact,
  className,
  linkClassName,
  iconClassName,
}: {
  contact: Social;
  className?: string;
  linkClassName?: string;
  iconClassName?: string;
}) {
  // Content is edited by people, and a javascript: or data: link must never reach a visitor.
  const networks = NETWORKS.filter((n) => isSafeLink(contact[n.key]?.trim() ?? ""));
  if (!networks.length) return null;
  return (
    <ul className={cn("flex items-center gap-1", className)}>
      {networks.map(({ key, name, Icon }) => (
        <li key={key}>
          <a
            href={contact[key].trim()}
            target="_blank"
            rel="noopener noreferrer"
            className={cn(
              "inline-flex size-9 items-center justify-center rounded-full transition-colors",
              linkClassName,
            )}
          >
            <Icon className={cn("size-[1.05rem]", iconClassName)} />
            <span className="sr-only">{name} (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
