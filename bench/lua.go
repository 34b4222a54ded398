package bench

import (
	"fmt"

	"github.com/cardc/cardc/vm"
	lua "github.com/yuin/gopher-lua"
)

// luaScript is the card logic in Lua.
const luaScript = `
function hydra_match(this)
  if damage_target() ~= this then return 0, 0, 0 end
  return 1, damage_id(), damage_amount()
end

function hydra_body(this, id, amount)
  prevent(id)
  remove_counters(this, COUNTER_PLUS1, amount)
end

function slagwurm_match(this)
  if block_blocker() == this then
    local creature = block_attacker()
    if is_type(creature, TYPE_CREATURE) then return 1, creature end
  end
  if block_attacker() == this then
    local creature = block_blocker()
    if is_type(creature, TYPE_CREATURE) then return 1, creature end
  end
  return 0, 0
end

function slagwurm_body(you, creature)
  destroy(creature)
  gain_life(you, toughness(creature))
end
`

// luaEngine runs luaScript with gopher-lua; its host functions call the
// world through vm.Host.
type luaEngine struct {
	L                           *lua.LState
	hydraMatch, hydraBody       lua.LValue
	slagwurmMatch, slagwurmBody lua.LValue
	args                        [3]vm.Value
}

// NewLua returns the gopher-lua engine for w.
func NewLua(w *World) (Engine, error) {
	L := lua.NewState(lua.Options{SkipOpenLibs: true})
	e := &luaEngine{L: L}
	var h vm.Host = w
	field := func(id int32) lua.LGFunction {
		return func(L *lua.LState) int {
			v, err := h.Field(nil, id)
			if err != nil {
				L.RaiseError("%v", err)
			}
			L.Push(lua.LNumber(v))
			return 1
		}
	}
	// call wraps a host function of arity n; result says how its result is
	// pushed: "" for none, "number" or "bool".
	call := func(id int32, n int, result string) lua.LGFunction {
		return func(L *lua.LState) int {
			for i := range n {
				e.args[i] = vm.Value(L.CheckNumber(i + 1))
			}
			v, err := h.Call(nil, id, e.args[:n])
			if err != nil {
				L.RaiseError("%v", err)
			}
			switch result {
			case "number":
				L.Push(lua.LNumber(v))
				return 1
			case "bool":
				L.Push(lua.LBool(v != 0))
				return 1
			}
			return 0
		}
	}
	for name, fn := range map[string]lua.LGFunction{
		"damage_id":       field(FieldDamageID),
		"damage_target":   field(FieldDamageTarget),
		"damage_amount":   field(FieldDamageAmount),
		"block_blocker":   field(FieldBlockBlocker),
		"block_attacker":  field(FieldBlockAttacker),
		"prevent":         call(FnPrevent, 1, ""),
		"remove_counters": call(FnRemoveCounters, 3, ""),
		"is_type":         call(FnIsType, 2, "bool"),
		"destroy":         call(FnDestroy, 1, ""),
		"toughness":       call(FnToughness, 1, "number"),
		"gain_life":       call(FnGainLife, 2, ""),
	} {
		L.SetGlobal(name, L.NewFunction(fn))
	}
	L.SetGlobal("COUNTER_PLUS1", lua.LNumber(CounterPlus1))
	L.SetGlobal("TYPE_CREATURE", lua.LNumber(TypeCreature))
	if err := L.DoString(luaScript); err != nil {
		return nil, err
	}
	e.hydraMatch = L.GetGlobal("hydra_match")
	e.hydraBody = L.GetGlobal("hydra_body")
	e.slagwurmMatch = L.GetGlobal("slagwurm_match")
	e.slagwurmBody = L.GetGlobal("slagwurm_body")
	return e, nil
}

// call calls fn with args and returns its nret results.
func (e *luaEngine) call(fn lua.LValue, nret int, res []vm.Value, args ...lua.LValue) error {
	if err := e.L.CallByParam(lua.P{Fn: fn, NRet: nret, Protect: true}, args...); err != nil {
		return err
	}
	for i := range nret {
		n, ok := e.L.Get(i - nret).(lua.LNumber)
		if !ok {
			e.L.Pop(nret)
			return fmt.Errorf("result %d is not a number", i+1)
		}
		res[i] = vm.Value(n)
	}
	e.L.Pop(nret)
	return nil
}

func (e *luaEngine) Replace(this, _ vm.Value) (bool, error) {
	var r [3]vm.Value
	if err := e.call(e.hydraMatch, 3, r[:], lua.LNumber(this)); err != nil || r[0] == 0 {
		return false, err
	}
	err := e.call(e.hydraBody, 0, nil, lua.LNumber(this), lua.LNumber(r[1]), lua.LNumber(r[2]))
	return err == nil, err
}

func (e *luaEngine) Trigger(this, you vm.Value) (int, error) {
	var r [2]vm.Value
	if err := e.call(e.slagwurmMatch, 2, r[:], lua.LNumber(this)); err != nil || r[0] == 0 {
		return 0, err
	}
	if err := e.call(e.slagwurmBody, 0, nil, lua.LNumber(you), lua.LNumber(r[1])); err != nil {
		return 0, err
	}
	return 1, nil
}
