-- The FAQ shown on /info and /faq, in both interface languages.
INSERT INTO faqs (locale, question, answer, sort_order) VALUES
('en', 'Which files can I upload?', 'WAV files (PCM 16, 24 or 32-bit, or 32/64-bit float), mono or stereo, 8 kHz to 192 kHz, up to 500 MB. We check the file itself, not its name.', 1),
('en', 'What does a mastering style do?', 'Each style sets a loudness target, a tonal balance, how much the dynamics are controlled and how wide the stereo image is. You can hear every style on your own track before you buy.', 2),
('en', 'How loud will my master be?', 'Every master meets its style''s loudness target within 0.5 LU (ITU-R BS.1770-4) and never peaks above -1 dBTP, so streaming stores do not have to turn it down with distortion.', 3),
('en', 'What do I get for each price?', 'Free: an MP3 (192 kbps). 2.99: a 16-bit 44.1 kHz WAV, dithered. 6.99: a 24-bit 44.1 kHz WAV. You can upgrade later and pay only the difference.', 4),
('en', 'Who can hear my tracks?', 'Only you, and the people you share a master with (up to five per master).', 5),
('de', 'Welche Dateien kann ich hochladen?', 'WAV-Dateien (PCM 16, 24 oder 32 Bit, oder 32/64-Bit-Float), mono oder stereo, 8 kHz bis 192 kHz, bis 500 MB. Wir prüfen die Datei selbst, nicht ihren Namen.', 1),
('de', 'Was macht ein Mastering-Stil?', 'Jeder Stil legt ein Lautheitsziel, eine Klangbalance, die Dynamikbearbeitung und die Stereobreite fest. Du kannst jeden Stil mit deinem eigenen Track anhören, bevor du kaufst.', 2),
('de', 'Wie laut wird mein Master?', 'Jeder Master trifft das Lautheitsziel seines Stils auf 0,5 LU genau (ITU-R BS.1770-4) und überschreitet nie -1 dBTP, damit Streaming-Dienste ihn ohne Verzerrung leiser regeln können.', 3),
('de', 'Was bekomme ich für welchen Preis?', 'Kostenlos: eine MP3 (192 kbps). 2,99: eine 16-Bit-WAV mit 44,1 kHz, gedithert. 6,99: eine 24-Bit-WAV mit 44,1 kHz. Du kannst später upgraden und zahlst nur die Differenz.', 4),
('de', 'Wer kann meine Tracks hören?', 'Nur du und die Personen, mit denen du einen Master teilst (bis zu fünf pro Master).', 5);
