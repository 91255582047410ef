import { SupportPage } from '@/features/support/components/SupportPage.tsx';

export default function ContactPage() {
  return (
    <SupportPage
      title="Contact Us"
      subject="Question about PrintMarket"
      action="Send us an e-mail"
      intro={
        <p>
          Questions about a design, a purchase, a subscription or your account? Send us an e-mail and include
          your username and, for purchases, the order number from My Purchases.
        </p>
      }
    />
  );
}
