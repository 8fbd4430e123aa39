-- Tone targets: the styles whose names promise a tone move it clearly. "Bright" lifts
-- presence and air more and takes a little off the low end; "Deep" and "Heavy" lift the low end
-- more (Heavy the most). With the corrective match no longer allowed to work against a style's
-- deliberate move (sidecar/engine/analysis.ts), Bright is brighter than its input even on a mix
-- that already is bright. Names, groups, budgets and descriptions stay: the descriptions already
-- say what these styles do.

UPDATE styles SET processing = '{"targetLufs": -10, "ceilingDbtp": -1.0, "tone": {"low": -1.5, "lowMid": -0.5, "mid": 0, "highMid": 2.5, "high": 5}, "eqStrength": 0.25, "maxEqDb": 6, "compression": {"ratio": 2, "thresholdLu": 1, "attackMs": 15, "releaseMs": 120}, "width": 1.1, "saturation": 0.1, "budget": {"limiterDb": 3.5, "compressionDb": 3}}'::jsonb WHERE name = 'Bright' AND style_group_id = (SELECT id FROM style_groups WHERE name = 'Pop');
UPDATE styles SET processing = '{"targetLufs": -10.5, "ceilingDbtp": -1.0, "tone": {"low": 5, "lowMid": 0.5, "mid": 0, "highMid": -1, "high": -1.5}, "eqStrength": 0.25, "maxEqDb": 6, "compression": {"ratio": 2, "thresholdLu": 2, "attackMs": 30, "releaseMs": 200}, "width": 1.0, "saturation": 0.2, "budget": {"limiterDb": 4, "compressionDb": 4}}'::jsonb WHERE name = 'Deep' AND style_group_id = (SELECT id FROM style_groups WHERE name = 'Electronic');
UPDATE styles SET processing = '{"targetLufs": -9, "ceilingDbtp": -1.0, "tone": {"low": 5.5, "lowMid": 0, "mid": 0, "highMid": 0.5, "high": 0.5}, "eqStrength": 0.25, "maxEqDb": 6, "compression": {"ratio": 3, "thresholdLu": 0, "attackMs": 25, "releaseMs": 100}, "width": 1.0, "saturation": 0.3, "budget": {"limiterDb": 6, "compressionDb": 6}}'::jsonb WHERE name = 'Heavy' AND style_group_id = (SELECT id FROM style_groups WHERE name = 'Hip-Hop');
