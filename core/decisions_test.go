package core_test

import "testing"

// TestDecisionsAreRecordedByPlayer checks that a test can tell who made a
// decision: the controller of the affected creature chooses among
// replacement effects (CR 616.1), though it is not the active player.
func TestDecisionsAreRecordedByPlayer(t *testing.T) {
	runScenarios(t, fixtures+`
test "The controller of the affected creature, not the active player, chooses which replacement effect applies first (CR 616.1)" {
    given {
        opponent controls "Shield Bearer"
        opponent controls "Protean Hydra" with 5 +1/+1 counters
        you control "Hill Giant"
    }
    when {
        order replacements "Protean Hydra"
        "Hill Giant" deals 3 damage to "Protean Hydra"
    }
    then {
        opponent ordered replacements "Protean Hydra"
        "Protean Hydra" has 2 +1/+1 counters
    }
}

test "Each player orders the triggered abilities they control (CR 603.3b)" {
    given {
        it is opponent's precombat main phase
        opponent controls "Engulfing Slagwurm"
        you control "Grizzly Bears", "Hill Giant"
    }
    when {
        attack with "Engulfing Slagwurm"
        block "Engulfing Slagwurm" with "Grizzly Bears", "Hill Giant"
    }
    then {
        opponent ordered triggers "Grizzly Bears", "Hill Giant"
    }
}
`)
}
