import { Accordion, Text } from '@mantine/core';
import type { TFaq } from '../../../../../src/modules/faq/faq.schemas.js';

/** The questions, each opening to its answer. */
export function FaqAccordion({ faqs }: { faqs: readonly TFaq[] }) {
  return (
    <Accordion variant="separated" radius="md" data-testid="faq-list">
      {faqs.map((faq) => (
        <Accordion.Item key={faq.id} value={String(faq.id)}>
          <Accordion.Control>{faq.question}</Accordion.Control>
          <Accordion.Panel>
            <Text size="sm">{faq.answer}</Text>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
