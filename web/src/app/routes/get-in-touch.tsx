import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

// Placeholder: the newsletter engineer (issue 6 item 6) replaces this route module.
export default function GetInTouchRoute() {
  return (
    <PagePlaceholder
      title="Get in Touch"
      description="Questions, suggestions or partnerships: send us a message."
    />
  );
}
