import { Alert, List } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { errorMessageOf } from '../../../lib/error-messages.js';

/** The server's refusal in a distribution form: one message, or the list of them; nothing when there is none. */
export function ProblemsAlert({ problems, testId }: { problems: string[]; testId: string }) {
  const { i18n } = useLingui();
  if (problems.length === 0) return null;
  return (
    <Alert color="red" role="alert" data-testid={testId}>
      {problems.length === 1 ? (
        i18n._(errorMessageOf(problems[0]!))
      ) : (
        <List size="sm">
          {problems.map((problem) => (
            <List.Item key={problem}>{i18n._(errorMessageOf(problem))}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
