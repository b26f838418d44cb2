-- The high-score board: every player's name and best score, in the save "scores"
-- ({ players = { Ada = 120, ... } }), which tide.save writes atomically.
--
-- A file the engine cannot read at all is set aside by tide.save (renamed, never
-- overwritten, with a warning) and read_status says so. One that reads but is not a
-- board is set aside the same way with tide.save.set_aside, and only then replaced by a
-- fresh board. Either way `board.notice` tells the player and a fresh board starts.

local game = require("data.game")

local board = { file = "scores" }

local function is_board(saved)
  if type(saved) ~= "table" or type(saved.players) ~= "table" then return false end
  for name, best in pairs(saved.players) do
    if type(name) ~= "string" or name == "" or math.type(best) ~= "integer" or best < 0 then return false end
  end
  return true
end

-- Tells the player, whichever way the file was set aside, where it was kept.
local function notice_kept(kept)
  board.notice = ("The score file could not be read, so it was kept as %q and a fresh board started."):format(kept)
end

--- Every player's best score: { [name] = best }. Never fails: a damaged board is set aside.
function board.load()
  local saved, status, kept = tide.save.read_status(board.file)
  if status == "damaged" then
    notice_kept(kept)
    return {}
  end
  if saved == nil then return {} end
  if is_board(saved) then return saved.players end
  kept = tide.save.set_aside(board.file, "not a board of names and best scores")
  tide.save.write(board.file, { players = {} })   -- only once the old one is kept
  notice_kept(kept)
  return {}
end

--- Records `score` for `name`, keeping each player's best; returns the board and whether
--- this beat the player's best. A first game counts as one only when it scored: a 0 goes on
--- the board but is no personal best to cheer. A save that fails is reported in `board.notice`.
function board.record(name, score)
  local players = board.load()
  local previous = players[name]
  local improved = score > (previous or 0)
  if previous == nil or improved then players[name] = score end
  local ok, err = pcall(tide.save.write, board.file, { players = players })
  if not ok then board.notice = "Your score could not be saved: " .. tostring(err) end
  return players, improved
end

--- The best `n` (default the board size) as { { name =, best = }, ... }, highest first
--- (ties by name).
function board.top(players, n)
  local list = {}
  for name, best in pairs(players) do list[#list + 1] = { name = name, best = best } end
  table.sort(list, function(a, b)
    if a.best ~= b.best then return a.best > b.best end
    return a.name < b.name
  end)
  for i = #list, (n or game.board_size) + 1, -1 do list[i] = nil end
  return list
end

--- The highest entry on the board, or nil when it is empty.
function board.leader(players) return board.top(players, 1)[1] end

--- The notice about a damaged board, once: later calls return nil.
function board.take_notice()
  local notice = board.notice
  board.notice = nil
  return notice
end

return board
