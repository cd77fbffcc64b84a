import { Alert, Box, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { REPORT_COMMENT_MAX, REPORT_REASON_LABELS, REPORT_REASONS, REPORT_TEXTS, type ReportReason } from '../../../shared/texts/reports';
import { errorMessage } from '../../lib/server-errors';
import { toast } from '../../lib/toaster';
import { useTRPC } from '../../trpc';
import { DialogFrame } from '../dialog-frame';

/** The report dialog: a reason, an optional comment; the server's refusal (reported already) is shown in it. */
export default function ReportDialog({ listingId, onClose }: { listingId: number; onClose: () => void }) {
  const trpc = useTRPC();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation(
    trpc.reports.create.mutationOptions({
      onSuccess: () => {
        toast(REPORT_TEXTS.sent);
        onClose();
      },
      onError: (err) => setProblem(errorMessage(err, REPORT_TEXTS.failed)),
    }),
  );
  return (
    <DialogFrame
      open
      onClose={onClose}
      busy={send.isPending}
      title={REPORT_TEXTS.title}
      subtitle={REPORT_TEXTS.intro}
      testId="report-dialog"
      form={{
        onSubmit: (e) => {
          e.preventDefault();
          if (!reason) return setProblem(REPORT_TEXTS.reasonRequired);
          setProblem(null);
          send.mutate({ listingId, reason, comment });
        },
      }}
      submit={{ label: REPORT_TEXTS.send, colorPalette: 'red' }}
    >
      <Stack gap="4">
        <Box>
          <Text asChild textStyle="sm" fontWeight="medium" display="block" mb="1.5">
            <label htmlFor="report-reason">{REPORT_TEXTS.reason}</label>
          </Text>
          <NativeSelect.Root>
            <NativeSelect.Field
              id="report-reason"
              value={reason ?? ''}
              onChange={(e) => {
                setReason((e.target.value || null) as ReportReason | null);
                setProblem(null);
              }}
            >
              <option value="">{REPORT_TEXTS.choose}</option>
              {REPORT_REASONS.map((r) => (
                <option key={r} value={r}>
                  {REPORT_REASON_LABELS[r]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Box>
        <Box>
          <Text asChild textStyle="sm" fontWeight="medium" display="block" mb="1.5">
            <label htmlFor="report-comment">{REPORT_TEXTS.comment}</label>
          </Text>
          <Textarea id="report-comment" value={comment} onChange={(e) => setComment(e.target.value)} maxLength={REPORT_COMMENT_MAX} rows={3} />
        </Box>
        {problem && (
          <Alert.Root status="error" data-testid="report-problem">
            <Alert.Indicator />
            <Alert.Title>{problem}</Alert.Title>
          </Alert.Root>
        )}
      </Stack>
    </DialogFrame>
  );
}
